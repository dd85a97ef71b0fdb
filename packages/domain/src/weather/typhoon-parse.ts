import { textProblem } from '../common/column-ranges.js';
import { ATCF_LINE, parseAtcfDeck } from './typhoon-atcf.js';
import { parseCmaBestTrack } from './typhoon-cma.js';
import type { TyphoonParseResult } from './typhoon-track.js';

/**
 * A typhoon track file in either format, detected from its first non-blank line: a CMA best-track header
 * (`66666 …`) or an ATCF deck record (`WP, 02, 2023051700, …`). Lines end in LF or CRLF.
 */
export function parseTyphoonText(text: string): TyphoonParseResult {
  const lines = text.split(/\r?\n/);
  // A name or any other text of the file is stored as text, which cannot hold NUL: such a line is refused.
  const nul = lines.flatMap((l, i) =>
    l.includes('\u0000') ? [{ line: i + 1, reason: `text ${textProblem(l, Number.POSITIVE_INFINITY)}` }] : [],
  );
  if (nul.length > 0) return { format: null, storms: [], errors: nul };
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  if (firstIndex < 0) return { format: null, storms: [], errors: [{ line: 1, reason: 'the file is empty' }] };
  const first = lines[firstIndex] as string;
  if (/^\s*66666\s/.test(first)) return { format: 'cma', ...parseCmaBestTrack(lines) };
  if (ATCF_LINE.test(first)) return { format: 'atcf', ...parseAtcfDeck(lines) };
  return {
    format: null,
    storms: [],
    errors: [
      {
        line: firstIndex + 1,
        reason: 'neither a CMA best-track header (66666 …) nor an ATCF record (BASIN, CY, YYYYMMDDHH, …)',
      },
    ],
  };
}
