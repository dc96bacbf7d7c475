// POST /api/verify-pack: a lender's program checks a proof-of-income pack by its verification code and
// the SHA-256 of the file it was given, with no sign-in. The answer is the page's (/verify): genuine
// and unchanged with the date the pack was made, changed, or not found; nothing of the person or pay.
import { Type } from '@sinclair/typebox';

export const PackCheckInputSchema = Type.Object(
  {
    code: Type.String({ maxLength: 64, description: 'The verification code printed at the foot of each page, like ABCD-EFGH-JKLM-NPQR' }),
    sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'The SHA-256 of the PDF file exactly as received, in hex' }),
  },
  { additionalProperties: false },
);

export const PackCheckAnswerSchema = Type.Object(
  {
    result: Type.Union([Type.Literal('genuine'), Type.Literal('changed'), Type.Literal('unknown')], {
      description: "'genuine': issued by the portal and unchanged; 'changed': the code is genuine but the file differs; 'unknown': no such code",
    }),
    issuedOn: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Null()], {
      description: "Only when 'genuine': the date the pack was made (UK time, ISO 8601); otherwise null",
    }),
  },
  { additionalProperties: false },
);
