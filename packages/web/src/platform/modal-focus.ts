/**
 * Focus for antd-mobile's overlays (Dialog, Modal, Popup, ActionSheet, Picker, ImageViewer). antd-mobile 5
 * leaves focus alone: the page behind an open dialog stays reachable by Tab and by a screen reader, and
 * focus stays on the button that opened it. One observer does for all of them what a modal dialog must
 * (WCAG 2.4.3, 2.1.2): the topmost open overlay becomes `role=dialog` + `aria-modal`, named by its title;
 * everything outside it is `inert`; focus moves into it, Tab and Shift+Tab cycle inside it, Escape closes
 * it where a tap on the mask would; when it closes, focus returns to where it was.
 * The shop's dropdown menus (components/dropdown.tsx) are not modal and are none of these overlays.
 */

const OVERLAYS = '.adm-popup, .adm-center-popup, .adm-image-viewer-content';
const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type=hidden]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

interface Open {
  overlay: HTMLElement;
  /** The element that carries role=dialog and takes focus when nothing inside asks for it. */
  dialog: HTMLElement;
  /** Elements this module made inert, to be released on close. */
  inerted: HTMLElement[];
  returnTo: HTMLElement | null;
}

function isShown(element: HTMLElement): boolean {
  return element.isConnected && element.style.display !== 'none' && element.getClientRects().length > 0;
}

/** The open modal overlays, bottom first (later in the document is drawn on top: same z-index, later portal). */
function openOverlays(doc: Document): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>(OVERLAYS)]
    .map((element) =>
      element.classList.contains('adm-image-viewer-content') ? element.closest<HTMLElement>('.adm-mask') : element,
    )
    .filter((element): element is HTMLElement => element !== null && isShown(element));
}

function dialogElement(overlay: HTMLElement): HTMLElement {
  return (
    overlay.querySelector<HTMLElement>(':scope > .adm-center-popup-wrap') ??
    overlay.querySelector<HTMLElement>(':scope > .adm-popup-body') ??
    overlay.querySelector<HTMLElement>('.adm-mask-content') ??
    overlay
  );
}

let nextId = 0;

function markDialog(dialog: HTMLElement): void {
  if (dialog.getAttribute('role') !== 'dialog') dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
  const title = dialog.querySelector<HTMLElement>('.adm-dialog-title, .adm-modal-title, [data-dialog-title]');
  if (title && !dialog.hasAttribute('aria-label')) {
    if (!title.id) title.id = `hk-dialog-title-${++nextId}`;
    dialog.setAttribute('aria-labelledby', title.id);
  }
}

/** Makes everything but `keep` and its ancestors inert: the siblings at each level up to <body>. */
function inertAround(keep: HTMLElement): HTMLElement[] {
  const made: HTMLElement[] = [];
  for (let node: HTMLElement | null = keep; node && node !== node.ownerDocument.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of parent.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE') continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return made;
}

function focusables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/** Starts managing focus for every overlay of the document; returns a stop function. */
export function startModalFocus(doc: Document = document): () => void {
  const stack: Open[] = [];

  function release(open: Open): void {
    for (const element of open.inerted) element.inert = false;
  }

  function sync(): void {
    const shown = openOverlays(doc);
    // Close what is no longer shown, newest first, returning focus each time.
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Open;
      if (shown.includes(top.overlay)) break;
      stack.pop();
      release(top);
      const under = stack[stack.length - 1];
      if (under) under.inerted = inertAround(under.overlay);
      const target = top.returnTo;
      if (target?.isConnected && !target.closest('[inert]')) target.focus({ preventScroll: true });
      else under?.dialog.focus({ preventScroll: true });
    }
    // Open what is new, in drawing order.
    for (const overlay of shown) {
      if (stack.some((open) => open.overlay === overlay)) continue;
      const below = stack[stack.length - 1];
      if (below) release(below);
      const dialog = dialogElement(overlay);
      markDialog(dialog);
      const active = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
      const open: Open = { overlay, dialog, inerted: inertAround(overlay), returnTo: active };
      stack.push(open);
      if (!dialog.contains(doc.activeElement)) dialog.focus({ preventScroll: true });
    }
  }

  let scheduled = false;
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      sync();
    });
  }

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target;
      if (record.type === 'childList' || (target instanceof HTMLElement && target.matches(`${OVERLAYS}, .adm-mask`))) {
        schedule();
        return;
      }
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });

  function onKeyDown(event: KeyboardEvent): void {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (event.key === 'Escape') {
      // Only where a tap on the mask closes it too (antd-mobile then renders a named mask button).
      const maskButton = top.overlay.querySelector<HTMLElement>('.adm-mask-aria-button');
      if (maskButton) {
        event.preventDefault();
        maskButton.click();
      }
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(top.dialog);
    const first = items[0];
    const last = items[items.length - 1];
    const current = doc.activeElement;
    if (!first || !last) {
      event.preventDefault();
      top.dialog.focus({ preventScroll: true });
    } else if (!top.dialog.contains(current)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (event.shiftKey && (current === first || current === top.dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && current === last) {
      event.preventDefault();
      first.focus();
    }
  }
  doc.addEventListener('keydown', onKeyDown, true);
  sync();

  return () => {
    observer.disconnect();
    doc.removeEventListener('keydown', onKeyDown, true);
    for (const open of stack.splice(0)) release(open);
  };
}
