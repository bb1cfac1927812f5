import { useEffect } from "react";
import classes from "./viewer-frame.module.css";

/** Props of {@link ViewerMessage}. */
export interface ViewerMessageProps {
  /** Document title, already translated (the brand is appended). */
  documentTitle: string;
  /** The h1, already translated. */
  title: string;
  /** The sentence under it, already translated. */
  text: string;
}

/**
 * The embed's plain-DOM message: sets the document title and renders the one h1. The embed does
 * not use `ui/PageTitle`, which would pull Mantine into its bundle.
 */
export function ViewerMessage({ documentTitle, title, text }: ViewerMessageProps) {
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className={classes.message} role="status">
      <svg className={classes.cube} viewBox="0 0 64 64" aria-hidden="true">
        <polygon points="32,6 56,18 32,30 8,18" fill="#91a7ff" />
        <polygon points="8,18 32,30 32,58 8,46" fill="#4c6ef5" />
        <polygon points="56,18 32,30 32,58 56,46" fill="#22b8cf" />
      </svg>
      <h1>{title}</h1>
      <p>{text}</p>
    </div>
  );
}
