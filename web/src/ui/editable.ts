/** Whether keys typed now go into a text field (page-wide single-key shortcuts then stand aside). */
export function isEditable(el: Element | null): boolean {
  return !!el && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el as HTMLElement).isContentEditable);
}
