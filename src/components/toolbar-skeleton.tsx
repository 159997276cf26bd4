import { TOOLBAR } from "@/editor/toolbar";

/**
 * Quill's toolbar as empty boxes with the same classes, rendered with the server's HTML, so the
 * body below keeps its place when Quill arrives (a fixed height was a row short wherever the
 * toolbar wrapped, and the text someone was typing jumped). The real toolbar keeps to one row, two
 * in a phone's window, moving what doesn't fit behind "More formatting" (editor/toolbar-more.ts);
 * editor.css clips this one to the same rows. Hidden and inert: it only holds the space.
 */
export function ToolbarSkeleton() {
  return (
    <div className="ql-toolbar ql-snow ql-toolbar-placeholder" aria-hidden="true" inert>
      {TOOLBAR.map((group, groupIndex) => (
        <span key={groupIndex} className="ql-formats">
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

/** A button is a button-sized box; a list of values is a picker, sized by its kind as editor.css sizes it. */
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
