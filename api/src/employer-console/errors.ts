// The employer console's refusals: each with the `code` the console's front end reads.
import { HttpError } from '../http/errors';

export const consoleNotFound = () => HttpError.coded(404, 'console.not_found', 'No such employer in your console');
export const secondStepRequired = () =>
  HttpError.coded(403, 'console.second_step_required', 'Sign in again with your authenticator app to use the employer console.');
export const employeeNotFound = () => HttpError.coded(404, 'console.employee_not_found', 'No such employee record in your console');
export const noInvitation = () => HttpError.coded(409, 'console.no_invitation', 'This record has no invitation waiting: invite them first.');
export const notLocked = () => HttpError.coded(409, 'console.not_locked', 'This record is not locked.');
export const keyNotFound = () => HttpError.coded(404, 'console.key_not_found', 'No such API key in your console');
export const keyRevoked = () => HttpError.coded(409, 'console.key_revoked', 'This API key is already revoked.');
export const invitationInvalid = () =>
  HttpError.coded(404, 'console.invitation_invalid', 'This invitation link is not valid: it was used, withdrawn or is more than 14 days old.');
export const invitationOtherAccount = () =>
  HttpError.coded(403, 'console.invitation_other_account', 'This invitation is for another e-mail address. Sign in with the address it was sent to.');
export const invalidRequest = (message: string) => HttpError.coded(400, 'console.invalid_request', message);
export const questionNotFound = () => HttpError.coded(404, 'console.question_not_found', 'No such question in your console');
export const questionAnswered = () => HttpError.coded(409, 'console.question_answered', 'This question has already been answered.');
