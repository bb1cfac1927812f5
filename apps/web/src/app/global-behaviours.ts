/** Global behaviours of SPEC §2: no context menu anywhere, body height equal to the window's. */

/** Blocks the right-click context menu on the whole document; returns the undo. */
export function disableContextMenu(doc: Document = document): () => void {
  const handleContextMenu = (event: Event) => event.preventDefault();
  doc.addEventListener("contextmenu", handleContextMenu);
  return () => doc.removeEventListener("contextmenu", handleContextMenu);
}

/** Keeps `body` exactly as tall as the window (mobile browsers' bars change it); returns the undo. */
export function keepBodyHeight(win: Window = window): () => void {
  const apply = () => {
    win.document.body.style.height = `${win.innerHeight}px`;
  };
  apply();
  win.addEventListener("load", apply);
  win.addEventListener("resize", apply);
  return () => {
    win.removeEventListener("load", apply);
    win.removeEventListener("resize", apply);
  };
}

/** Installs every global behaviour once at start. */
export function installGlobalBehaviours(): void {
  disableContextMenu();
  keepBodyHeight();
}
