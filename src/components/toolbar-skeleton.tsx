import { TOOLBAR, isMoreGroup } from "@/editor/toolbar";

/**
 * Quill's toolbar as empty boxes with the same classes, rendered with the server's HTML: its
 * groups wrap at the same widths as the real toolbar's, so the body below keeps its place when
 * Quill arrives (a fixed height was a row short wherever the toolbar wraps, and the text someone
 * was typing jumped). In a narrow window editor.css hides the groups the real toolbar moves
 * behind "More formatting" (editor/toolbar-more.ts) and shows that button's box instead.
 * Hidden and inert: it only holds the space.
 */
export function ToolbarSkeleton() {
  return (
    <div className="ql-toolbar ql-snow ql-toolbar-placeholder" aria-hidden="true" inert>
      {TOOLBAR.map((group, groupIndex) => (
        <span key={groupIndex} className={isMoreGroup(group) ? "ql-formats ql-formats-more" : "ql-formats"}>
          {group.map((control, index) => (
            <ControlSkeleton key={index} control={control} />
          ))}
        </span>
      ))}
      <span className="ql-formats ql-more-formats">
        <button type="button" tabIndex={-1} />
      </span>
    </div>
  );
}

/** A button is a button-sized box; a list of values is a picker, sized by its kind as Quill's snow theme sizes it. */
function ControlSkeleton({ control }: { control: (typeof TOOLBAR)[number][number] }) {
  const [name, values] = typeof control === "string" ? [control, null] : (Object.entries(control)[0] ?? ["", null]);
  if (!Array.isArray(values)) return <button type="button" tabIndex={-1} />;
  const kind = name === "color" || name === "background" ? "ql-color-picker" : name === "align" ? "ql-icon-picker" : "";
  return (
    <span className={`ql-picker ql-${name} ${kind}`}>
      <span className="ql-picker-label" />
    </span>
  );
}
