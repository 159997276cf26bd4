/** Fired on window to open "New from template" (mounted once by the app shell) from anywhere. */
export const OPEN_NEW_FROM_TEMPLATE_EVENT = "quire:new-from-template";

/** Where the new document goes: under `parentId`, or at the top level. */
export interface NewFromTemplateDetail {
  parentId?: string | null;
}

/** Opens the "New from template" dialog: the sidebar, the palette and an empty document's placeholder call it. */
export function openNewFromTemplate(detail: NewFromTemplateDetail = {}): void {
  window.dispatchEvent(new CustomEvent<NewFromTemplateDetail>(OPEN_NEW_FROM_TEMPLATE_EVENT, { detail }));
}

/** The browser's time zone, in which a template's {{date}} and {{time}} are filled. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
