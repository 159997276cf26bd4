import { AVATAR_PALETTE } from "@/shared/avatar-colors";

/**
 * The palette as a radio group: native radios, so Tab reaches the group and the arrow keys
 * choose, each named for screen readers; the swatch shows the choice with a ring in the text
 * colour, visible on the card in both themes.
 */
export function AvatarColorPicker({ defaultValue, error }: { defaultValue: string | undefined; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "field-color-error" : undefined} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Avatar colour</legend>
      <div className="flex flex-wrap gap-2">
        {AVATAR_PALETTE.map((color) => (
          <label key={color.value} className="relative inline-flex cursor-pointer" title={color.name}>
            <input
              type="radio"
              name="color"
              value={color.value}
              defaultChecked={color.value === defaultValue}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full text-sm font-semibold text-white ring-offset-2 ring-offset-raised peer-checked:ring-2 peer-checked:ring-fg peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-focus [&>svg]:invisible peer-checked:[&>svg]:visible"
              style={{ backgroundColor: color.value }}
            >
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
                <path d="m5 12 5 5 9-10" />
              </svg>
            </span>
            <span className="sr-only">{color.name}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="field-color-error" className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
