import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Comments and docs give the reason in the code's own terms, never an issue number: "the i18n catalog", not "the
 * catalog (#19)"; "so the first load stays within 1.10x of the monolith", not "for #14's target". An issue number
 * means nothing to a reader without the tracker, and the issue's wording drifts from what the code does.
 * Every tracked text file is read (data folders, lock files and this file aside).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SELF = 'contract-tests/no-issue-numbers.test.ts';
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|sql|sh|css|html|ya?ml|json)$|(^|\/)\.env\.example$|^\.ci\//;
const SKIPPED = /(^|\/)data\/|(^|\/)pnpm-lock\.yaml$|(^|\/)package-lock\.json$|\.lock$/;

/** What an issue reference looks like: "issue #14", "issues 18", "(#19)", "#14's", "#15: …", "#18 point 5". */
const ISSUE_REFERENCE = [
  /\bissues? #\d+/i,
  /\bissues? \d{1,2}\b/i,
  /\(#\d{1,2}\)/,
  /#\d{1,2}'s\b/,
  /(?:^|[\s(['"`])#\d{1,2}(?:[:,;)]| points?\b| and #)/,
];

const isIssueReference = (line: string) => ISSUE_REFERENCE.some((p) => p.test(line));

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((f) => f && f !== SELF && TEXT.test(f) && !SKIPPED.test(f))
    .filter((f) => existsSync(path.join(ROOT, f)));
}

describe('no issue numbers in comments and docs', () => {
  it('flags issue references and leaves colours, entities and rankings alone', () => {
    expect(isIssueReference('// needed for issue #14')).toBe(true);
    expect(isIssueReference(' * the catalog (#19), grouped by feature')).toBe(true);
    expect(isIssueReference("for #14's first-load target")).toBe(true);
    expect(isIssueReference('/** Issue 18 point 2: the local writer */')).toBe(true);
    expect(isIssueReference("target: '#15: nearby with its response schema'")).toBe(true);
    expect(isIssueReference('  color: #fff; border-color: #1a2b3c;')).toBe(false);
    expect(isIssueReference('it&#39;s')).toBe(false);
    expect(isIssueReference('the #1 result of the search')).toBe(false);
    expect(isIssueReference('The product API (spec point 7)')).toBe(false);
  });

  it('no tracked text file cites an issue number', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (isIssueReference(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });
});
