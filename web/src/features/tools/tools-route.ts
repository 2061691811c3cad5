// The Tools page's state lives in the URL like the search state:
// ?tools=<tool>&args=<JSON text>, so a call can be shared and bookmarked.
import { useEffect, useState } from 'react';

export interface ToolsRoute {
  tool: string;
  /** The arguments as typed (JSON text, possibly invalid). */
  args: string;
}

export function readToolsRoute(search: string): ToolsRoute | null {
  const p = new URLSearchParams(search);
  const tool = p.get('tools');
  if (tool === null) return null;
  return { tool, args: p.get('args') ?? '{}' };
}

export function toolsHref(route: ToolsRoute): string {
  const p = new URLSearchParams();
  p.set('tools', route.tool);
  if (route.args.trim() && route.args.trim() !== '{}') p.set('args', route.args);
  return `?${p.toString()}`;
}

/** Moves to a URL within the app and lets every listener (the search state too) re-read it. */
export function navigate(href: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function useToolsRoute(): ToolsRoute | null {
  const [route, setRoute] = useState(() => readToolsRoute(location.search));
  useEffect(() => {
    const onPop = () => setRoute(readToolsRoute(location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return route;
}
