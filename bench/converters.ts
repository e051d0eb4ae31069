/**
 * `node --import tsx bench/converters.ts [blocks|zone|markdown|blocks_empty_quote_paragraphs ...]`:
 * the body converters alone, no Strapi (issue #30). Prints each size's median time and MB/s, then
 * per series MB/s at the largest size and the growth exponent. CONVERTER_SIZES_KB=50,200 picks
 * other sizes, CONVERTER_RUNS the runs per size. `npm run bench` runs the same scenario first.
 */
import { CONVERTER_SERIES_NAMES, CONVERTER_SIZES_KB, measureConverters } from './scenarios/converters';
import { round } from './stats';

const asked = CONVERTER_SERIES_NAMES.filter((name) => process.argv.slice(2).includes(name));
const sizesKb = process.env.CONVERTER_SIZES_KB?.split(',').map(Number) ?? CONVERTER_SIZES_KB;
const runs = Number(process.env.CONVERTER_RUNS ?? 5);

const { figures } = measureConverters({
  series: asked.length ? asked : CONVERTER_SERIES_NAMES,
  sizesKb,
  runs,
  log: (line) => console.log(line),
});
console.log('');
for (const [key, value] of Object.entries(figures)) console.log(`${key}: ${round(value, 2)}`);
