#!/usr/bin/env node
/**
 * Commit messages the next engineer can read in `git log --oneline` (part of `npm run lint`, docs/architecture.md
 * "Commits"): a subject of at most 72 characters, then a blank line and a body that says why. Checked for every
 * commit since the rule was made (`RULE_SINCE`); older history is left as it is. Merge commits need a subject
 * only.
 */
import { execFileSync } from 'node:child_process';

/** The last commit before the rule: everything after it is checked. */
const RULE_SINCE = 'c590f180b723c918d4bae160c96dfcb3ea04a3f0';
const MAX_SUBJECT = 72;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });

try {
  git('rev-parse', '--verify', '--quiet', `${RULE_SINCE}^{commit}`);
} catch {
  // A shallow clone without the rule's start cannot tell which commits are new: the full clone of CI can.
  console.log(`commit messages not checked: ${RULE_SINCE} is not in this clone's history`);
  process.exit(0);
}

const SEP = '\u001e';
const log = git('log', `--format=%H%x1f%P%x1f%B${SEP}`, `${RULE_SINCE}..HEAD`);
const problems = [];
let count = 0;
for (const entry of log.split(SEP)) {
  if (!entry.trim()) continue;
  const [hash, parents, message] = entry.replace(/^\n/, '').split('\u001f');
  count++;
  const lines = message.replace(/\s+$/, '').split('\n');
  const subject = lines[0] ?? '';
  const short = hash.slice(0, 8);
  if (!subject.trim()) problems.push(`${short}: no subject`);
  if ([...subject].length > MAX_SUBJECT) problems.push(`${short}: subject of ${[...subject].length} characters (at most ${MAX_SUBJECT}): ${subject}`);
  const isMerge = parents.trim().split(/\s+/).length > 1;
  if (!isMerge) {
    if (lines.length > 1 && lines[1].trim() !== '') problems.push(`${short}: the subject is followed by a blank line`);
    if (!lines.slice(2).some((l) => l.trim())) problems.push(`${short}: no body saying why: ${subject}`);
  }
}

if (problems.length) {
  console.error(`commit messages: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`- ${p}`);
  process.exit(1);
}
console.log(`commit messages: ${count} checked`);
