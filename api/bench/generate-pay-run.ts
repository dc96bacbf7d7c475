// `pnpm --filter api run generate:pay-run <employees> <file.json>`: writes an import file of that
// many employees (bench/pay-run-generator.ts), ready for `pnpm --filter api run import`.
import fs from 'node:fs';
import path from 'node:path';
import { generatePayRun } from './pay-run-generator';

const [count, file] = process.argv.slice(2);
const employees = Number(count);
if (!Number.isInteger(employees) || employees < 1 || !file) {
  console.error('Usage: pnpm --filter api run generate:pay-run <employees> <file.json>');
  process.exit(2);
}
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
fs.writeFileSync(out, JSON.stringify(generatePayRun(employees)));
console.log(`Wrote ${out}: ${employees} employment records and a pay run of ${employees} payslips (${(fs.statSync(out).size / 1024 / 1024).toFixed(1)} MB)`);
