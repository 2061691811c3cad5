// The note's neighbourhood at depth 1 as a small clickable graph (plain SVG):
// the note in the middle, linked notes around it, arrows for direction,
// unresolved targets dashed. Data from the graph tool.
import './graph.css';
import { useEffect, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import type { ToolOutput } from '../../../../worker/contract';
import { useI18n } from '../../i18n/i18n';

type Graph = ToolOutput<'graph'>;

interface Props {
  vault: string;
  path: string;
  refreshKey: number;
  onOpen(vault: string, path: string): void;
}

const SIZE = 300;
// Room for labels that point outward on the left and right.
const MARGIN = 70;
const R = 110;
const MAX_SHOWN = 16;

export function NeighbourhoodGraph({ vault, path, refreshKey, onOpen }: Props) {
  const { t } = useI18n();
  const [graph, setGraph] = useState<Graph | null>(null);
  useEffect(() => {
    let live = true;
    void call('graph', { note: path, vault, depth: 1, max_nodes: MAX_SHOWN + 1 }).then((r) => {
      if (live) setGraph(isToolError(r) ? null : r);
    });
    return () => {
      live = false;
    };
  }, [vault, path, refreshKey]);
  if (!graph || graph.nodes.length < 2) return null;
  const others = graph.nodes.filter((n) => n.id !== graph.root);
  const pos = new Map<string, { x: number; y: number; cos: number; sin: number }>([[graph.root, { x: SIZE / 2, y: SIZE / 2, cos: 0, sin: 1 }]]);
  others.forEach((n, i) => {
    const a = (2 * Math.PI * i) / others.length - Math.PI / 2;
    pos.set(n.id, { x: SIZE / 2 + R * Math.cos(a), y: SIZE / 2 + R * Math.sin(a), cos: Math.cos(a), sin: Math.sin(a) });
  });
  const label = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}…` : s);
  return (
    <section className="note-section" aria-labelledby="graph-title">
      <h2 id="graph-title">{t('graph.title')}</h2>
      <svg className="note-graph" viewBox={`${-MARGIN} 0 ${SIZE + 2 * MARGIN} ${SIZE}`} width="100%" role="group" aria-label={t('graph.title')} data-testid="note-graph">
        <defs>
          <marker id="graph-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" className="arrow" />
          </marker>
        </defs>
        {graph.edges.map((e, i) => {
          const a = pos.get(e.source);
          const b = pos.get(e.target);
          if (!a || !b || e.source === e.target) return null;
          // Stop short of the node's circle so the arrow head shows.
          const dx = b.x - a.x;
          const dy = b.y - a.y;
          const len = Math.hypot(dx, dy) || 1;
          return (
            <line key={i} x1={a.x + (dx / len) * 10} y1={a.y + (dy / len) * 10} x2={b.x - (dx / len) * 12} y2={b.y - (dy / len) * 12} className="edge" markerEnd="url(#graph-arrow)">
              <title>{e.type}</title>
            </line>
          );
        })}
        {graph.nodes.map((n) => {
          const p = pos.get(n.id)!;
          const root = n.id === graph.root;
          const open = n.kind !== 'unresolved' && !root ? () => onOpen(vault, n.path!) : undefined;
          return (
            <g
              key={n.id}
              className={`node${root ? ' root' : ''}${n.kind === 'unresolved' ? ' unresolved' : ''}`}
              transform={`translate(${p.x},${p.y})`}
              role={open ? 'link' : undefined}
              tabIndex={open ? 0 : undefined}
              aria-label={open ? label(n.title) : undefined}
              onClick={open}
              onKeyDown={open ? (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), open()) : undefined}
              data-testid="graph-node"
            >
              <circle r={root ? 9 : 7} />
              {/* Labels point outward from the middle, away from the edges: to the side for nodes on the left and right, so neighbours on a full ring do not overlap. */}
              {root ? (
                <text y={22} textAnchor="middle">
                  {label(n.title)}
                </text>
              ) : (
                <text
                  x={Math.abs(p.cos) > 0.35 ? Math.sign(p.cos) * 11 : 0}
                  y={Math.abs(p.cos) > 0.35 ? 3 + p.sin * 4 : p.sin > 0 ? 20 : -12}
                  textAnchor={p.cos > 0.35 ? 'start' : p.cos < -0.35 ? 'end' : 'middle'}
                >
                  {label(n.title)}
                </text>
              )}
              {/* A tooltip only where the node is not a link: a link's name must be its visible label (WCAG 2.5.3). */}
              {open ? null : <title>{n.kind === 'unresolved' ? `${n.title} (${t('note.unresolvedBadge')})` : n.path}</title>}
            </g>
          );
        })}
      </svg>
      {graph.truncated ? <p className="muted">{t('graph.truncated', { count: MAX_SHOWN })}</p> : null}
    </section>
  );
}
