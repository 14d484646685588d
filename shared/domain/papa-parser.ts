import Papa from 'papaparse';

// Papa.Parser is the parsing core that papaparse's own streamers drive: given ignoreLastRow it stops
// before an incomplete last record and reports in meta.cursor where the complete records end. The
// readers that take a file in pieces (csv-reader.ts, csv-records.ts) drive it the same way.

export interface PapaParser {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): Papa.ParseResult<string[]>;
}

/** A parser of records split by `config`'s delimiter and newline, fed text one piece after another. */
export function papaParser(config: Papa.ParseConfig): PapaParser {
  const ParserClass = (Papa as unknown as { Parser: new (config: Papa.ParseConfig) => PapaParser }).Parser;
  return new ParserClass(config);
}
