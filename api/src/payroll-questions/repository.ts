// Questions about a payslip's line, asked by the employee and answered once by the employer.
// Asking locks the asker's users row first, so the daily count and the insert are one decision even
// under many posts at once (PostgreSQL; SQLite runs transactions one at a time).
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import { forUpdate } from '../db/row-lock';
import { newId, nowIso, toCount, toIso } from '../db/convert';
import { londonIsoDate } from '../london-date';
import { queueNotices } from '../notifications/notice-repository';

import { QUESTION_MAX_CHARS, QUESTIONS_PER_DAY } from '@portal/shared/api/payroll-questions';
import type { EmployerQuestion, PayrollQuestion } from '@portal/shared/api/payroll-questions';

export { QUESTION_MAX_CHARS, QUESTIONS_PER_DAY };
export type { EmployerQuestion, PayrollQuestion };

export type NewQuestion = { userId: string; payslipId: string; lineName: string; linePence: number; question: string };
export type AskResult = { kind: 'asked'; question: PayrollQuestion } | { kind: 'not-found' } | { kind: 'limit' };
export type AnswerResult = { kind: 'answered'; question: PayrollQuestion; userId: string } | { kind: 'not-found' } | { kind: 'already-answered' };

type Row = {
  id: string;
  payslip_id: string;
  pay_date: string | Date;
  line_name: string;
  line_amount_pence: number;
  question: string;
  asked_at: string | Date;
  answer: string | null;
  answered_at: string | Date | null;
};

function fromRow(row: Row): PayrollQuestion {
  return {
    id: row.id,
    payslipId: row.payslip_id,
    payDate: toIso(row.pay_date).slice(0, 10),
    lineName: row.line_name,
    linePence: Number(row.line_amount_pence),
    question: row.question,
    askedAt: toIso(row.asked_at),
    answer: row.answer,
    answeredAt: row.answered_at === null ? null : toIso(row.answered_at),
  };
}

export async function askQuestion(database: Db, input: NewQuestion, now = new Date()): Promise<AskResult> {
  return database.db.transaction().execute(async (trx) => {
    await forUpdate(trx.selectFrom('users').select('id').where('id', '=', input.userId), database.dialect).executeTakeFirst();
    const payslip = await trx
      .selectFrom('payslips')
      .innerJoin('employments', 'employments.id', 'payslips.employment_id')
      .select(['payslips.id', 'payslips.pay_date', 'employments.employer_id'])
      .where('payslips.id', '=', input.payslipId)
      .where('employments.user_id', '=', input.userId)
      .executeTakeFirst();
    if (!payslip) return { kind: 'not-found' as const };
    const today = londonIsoDate(now);
    const asked = await trx
      .selectFrom('payroll_questions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', input.userId)
      .where('asked_on', '=', today)
      .executeTakeFirstOrThrow();
    if (toCount(asked.n) >= QUESTIONS_PER_DAY) return { kind: 'limit' as const };
    const row = {
      id: newId('pq'),
      user_id: input.userId,
      payslip_id: payslip.id,
      employer_id: payslip.employer_id,
      pay_date: toIso(payslip.pay_date).slice(0, 10),
      line_name: input.lineName,
      line_amount_pence: input.linePence,
      question: input.question,
      asked_at: now.toISOString(),
      asked_on: today,
      answer: null,
      answered_by: null,
      answered_at: null,
    };
    await trx.insertInto('payroll_questions').values(row).execute();
    return { kind: 'asked' as const, question: fromRow(row) };
  });
}

const COLUMNS = ['id', 'payslip_id', 'pay_date', 'line_name', 'line_amount_pence', 'question', 'asked_at', 'answer', 'answered_at'] as const;

/** The asker's questions about one payslip, oldest first; another user's payslip reads as none. */
export async function questionsOnPayslip(database: Db, userId: string, payslipId: string): Promise<PayrollQuestion[]> {
  const rows = await database.db
    .selectFrom('payroll_questions')
    .select([...COLUMNS])
    .where('user_id', '=', userId)
    .where('payslip_id', '=', payslipId)
    .orderBy('asked_at')
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

/** Every question the person asked, on any payslip, oldest first (their data export). */
export async function questionsOf(db: Kysely<Database>, userId: string): Promise<PayrollQuestion[]> {
  const rows = await db
    .selectFrom('payroll_questions')
    .select([...COLUMNS])
    .where('user_id', '=', userId)
    .orderBy('asked_at')
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

/** A question as the employer's payroll team sees it: with the employee's name and their record's ids. */

/** All of an employer's questions: the open ones first (oldest first), then the answered (newest answer first). */
export async function employerQuestions(database: Db, employerId: string): Promise<EmployerQuestion[]> {
  const rows = await database.db
    .selectFrom('payroll_questions as q')
    .innerJoin('payslips as p', 'p.id', 'q.payslip_id')
    .innerJoin('employments as e', 'e.id', 'p.employment_id')
    .select([
      'q.id',
      'q.payslip_id',
      'q.pay_date',
      'q.line_name',
      'q.line_amount_pence',
      'q.question',
      'q.asked_at',
      'q.answer',
      'q.answered_at',
      'e.employee_name',
      'e.id as employment_id',
      'e.external_id',
    ])
    .where('q.employer_id', '=', employerId)
    .orderBy('q.asked_at')
    .orderBy('q.id')
    .execute();
  const all = rows.map((row) => ({ ...fromRow(row), employeeName: row.employee_name, employmentId: row.external_id ?? row.employment_id }));
  const open = all.filter((q) => q.answeredAt === null);
  const answered = all.filter((q) => q.answeredAt !== null).sort((a, b) => b.answeredAt!.localeCompare(a.answeredAt!) || a.id.localeCompare(b.id));
  return [...open, ...answered];
}

/** An employer's unanswered questions, oldest first. */
export async function openQuestions(database: Db, employerId: string): Promise<PayrollQuestion[]> {
  const rows = await database.db
    .selectFrom('payroll_questions')
    .select([...COLUMNS])
    .where('employer_id', '=', employerId)
    .where('answered_at', 'is', null)
    .orderBy('asked_at')
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

/**
 * Stores the answer once: the update holds only while no answer is stored. The employee's notice is
 * queued in the same transaction, so an answer is never stored without it.
 * The answer shows among the employee's Recent updates too (EmploymentRepository.updates).
 */
export async function answerQuestion(
  database: Db,
  employerId: string,
  questionId: string,
  answer: string,
  answeredBy: string,
  /** Writes what must be stored with the answer or not at all (the console's audit entry). */
  alongside?: (trx: Transaction<Database>, question: PayrollQuestion) => Promise<void>,
): Promise<AnswerResult> {
  return database.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('payroll_questions')
      .set({ answer, answered_by: answeredBy, answered_at: nowIso() })
      .where('id', '=', questionId)
      .where('employer_id', '=', employerId)
      .where('answered_at', 'is', null)
      .returning([...COLUMNS, 'user_id'])
      .executeTakeFirst();
    if (!updated) {
      const exists = await trx
        .selectFrom('payroll_questions')
        .select('id')
        .where('id', '=', questionId)
        .where('employer_id', '=', employerId)
        .executeTakeFirst();
      return exists ? { kind: 'already-answered' as const } : { kind: 'not-found' as const };
    }
    const question = fromRow(updated);
    const payslip = await trx.selectFrom('payslips').select('employment_id').where('id', '=', question.payslipId).executeTakeFirstOrThrow();
    await queueNotices(trx, [{ kind: 'answer', source: `question:${question.id}`, employmentId: payslip.employment_id, payDate: question.payDate }]);
    if (alongside) await alongside(trx, question);
    return { kind: 'answered' as const, question, userId: updated.user_id };
  });
}
