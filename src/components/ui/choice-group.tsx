import type { ReactNode } from "react";

/** How the choices sit: `inline` on one line as tall as a text field (a few short ones beside other fields), `columns` in two columns from the small breakpoint up (a longer list). */
type Layout = "inline" | "columns";

const LAYOUTS: Record<Layout, { group: string; legend: string; choices: string }> = {
  inline: { group: "gap-1.5", legend: "", choices: "flex min-h-10 items-center gap-4" },
  columns: { group: "gap-2", legend: "mb-1", choices: "grid gap-2 sm:grid-cols-2" },
};

/**
 * A labelled group of native radios or checkboxes sharing one `name`, for a form read as
 * FormData (Settings → API tokens' scope, Settings → Webhooks' events): the legend, the choices,
 * and the group's error under them, announced and tied to the group (`${id}-error`), where
 * useFocusFirstError finds it. `defaultValue` ticks choices when it mounts: give the group (or
 * what holds it) a new key to show another answer's values.
 */
export function ChoiceGroup({
  id,
  type,
  name,
  legend,
  choices,
  defaultValue,
  error,
  layout,
}: {
  /** Names the error's element: `${id}-error`. */
  id: string;
  type: "radio" | "checkbox";
  name: string;
  legend: string;
  choices: ReadonlyArray<{ value: string; label: ReactNode }>;
  /** The values ticked at first. */
  defaultValue: readonly string[];
  error?: string;
  layout: Layout;
}) {
  const styles = LAYOUTS[layout];
  return (
    <fieldset className={`flex flex-col ${styles.group}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={`text-sm font-medium ${styles.legend}`}>{legend}</legend>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-start gap-2 text-sm">
            <input type={type} name={name} value={choice.value} defaultChecked={defaultValue.includes(choice.value)} className="mt-0.5 size-4 shrink-0" />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
