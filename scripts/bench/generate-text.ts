import { seededRandom } from "./seeded-random";
/** A generated document body and what it is made of. */
export interface GeneratedText {
  /** Paragraph lines, each ending with "\n" (Quill's line terminator). */
  text: string;
  words: number;
  sentences: number;
  paragraphs: number;
}

// Common English words, so lines wrap and spell-checking-like work sees ordinary text.
const WORDS = (
  "the of and to in is that it for was on are as with his they at be this have from or one had by " +
  "word but not what all were we when your can said there use each which she do how their if will " +
  "up other about out many then them these so some her would make like him into time has look two " +
  "more write go see number way could people than first water been call who oil its now find long " +
  "down day did get come made may part over new sound take only little work know place year live " +
  "back give most very after thing our just name good sentence man think say great where help " +
  "through much before line right too mean old any same tell boy follow came want show also around"
).split(" ");

/**
 * Deterministic prose of exactly `wordCount` words: sentences of 6–14 words (about 10),
 * grouped into paragraph lines of one or two sentences (about 15 words).
 */
export function generateText(wordCount: number, seed: number): GeneratedText {
  const random = seededRandom(seed);
  const pick = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const lines: string[] = [];
  let words = 0;
  let sentences = 0;
  while (words < wordCount) {
    const sentencesInLine = random() < 0.5 ? 1 : 2;
    const line: string[] = [];
    for (let s = 0; s < sentencesInLine && words < wordCount; s++) {
      const length = Math.min(pick(6, 14), wordCount - words);
      const sentence = Array.from({ length }, () => WORDS[pick(0, WORDS.length - 1)] ?? "word");
      sentence[0] = capitalise(sentence[0] ?? "word");
      line.push(`${sentence.join(" ")}.`);
      words += length;
      sentences++;
    }
    lines.push(line.join(" "));
  }
  return { text: lines.map((line) => `${line}\n`).join(""), words, sentences, paragraphs: lines.length };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
