// Renders the app icons of the web manifest (public/icons/) from the logo's drawing, with sharp
// (Next's own image library). Run after changing the logo: node --import tsx scripts/make-icons.ts
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve(import.meta.dirname, "../public/icons");

// The logo of src/app/icon.svg on a 24-unit grid; `padding` shrinks it into the safe zone a
// maskable icon needs (the inner 80 %), on a solid background the platform may crop to a circle.
function svg(size: number, { background, padding }: { background: string | null; padding: number }): string {
  const scale = (size * (1 - 2 * padding)) / 24;
  const offset = size * padding;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  ${background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : ""}
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <rect x="3" y="2" width="15" height="20" rx="2.5" fill="#4f46e5" opacity="0.35"/>
    <rect x="6" y="4" width="15" height="18" rx="2.5" fill="#4f46e5"/>
    <path d="M9.5 9h8M9.5 12.5h8M9.5 16h5" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/>
  </g>
</svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, background: null, padding: 0.04 },
  { file: "icon-512.png", size: 512, background: null, padding: 0.04 },
  { file: "maskable-512.png", size: 512, background: "#eef0ff", padding: 0.16 },
  // Next links src/app/apple-icon.png itself (its file convention).
  { file: "../../src/app/apple-icon.png", size: 180, background: "#ffffff", padding: 0.1 },
];

fs.mkdirSync(OUT, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(svg(icon.size, icon))).png({ compressionLevel: 9 }).toFile(path.join(OUT, icon.file));
  console.log(`wrote public/icons/${icon.file}`);
}
