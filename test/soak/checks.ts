/** Named invariants, each printed as it is checked; the soak fails when any of them does. */
export class Checks {
  passed = 0;
  failed = 0;

  check(name: string, ok: boolean, detail: string): void {
    if (ok) this.passed += 1;
    else this.failed += 1;
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  }

  /** Passes when `bad` is empty; names the first few offenders otherwise. */
  none(name: string, bad: readonly string[], whatIsFine: string): void {
    const shown = bad.slice(0, 5).join(', ');
    this.check(name, bad.length === 0, bad.length === 0 ? whatIsFine : `${bad.length}: ${shown}${bad.length > 5 ? ', ...' : ''}`);
  }

  summary(): string {
    return `${this.passed} passed, ${this.failed} failed`;
  }
}
