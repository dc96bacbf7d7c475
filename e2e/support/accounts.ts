// The demo data of api/README.md "Demo sign-ins", seeded by the API on first start.
export const DEMO_PASSWORD = 'Payslips-2026';

export const demoUser = {
  email: 'alex.morgan@example.com',
  password: DEMO_PASSWORD,
  activeEmployer: 'Northwind Logistics Ltd',
  endedEmployer: 'Brightwater Foods plc',
};

export const secondUser = { email: 'sam.patel@example.com', password: DEMO_PASSWORD, employer: 'Brightwater Foods plc' };

/** Weekly pay in Scotland, to the week 53 pay day of 5 April 2024. */
export const weeklyUser = { email: 'jamie.campbell@example.com', password: DEMO_PASSWORD, employer: 'Glenmore Foods Ltd' };

export const emailLinkRecords = [
  { email: 'new.starter@example.com', niNumber: 'AB123456C', bankLast4: '4321', dob: { day: '14', month: '05', year: '1990' } },
  ...[1, 2, 3, 4].map((n) => ({
    email: `starter${n}@example.com`,
    niNumber: `AB10000${n}C`,
    bankLast4: '4321',
    dob: { day: '14', month: '05', year: '1990' },
  })),
];

export const invitationRecord = {
  token: 'INVITE-2026-DEMO',
  phone: '07700900123',
  employer: 'Brightwater Foods plc',
  niNumber: 'AB654321A',
  bankLast4: '8765',
  dob: { day: '02', month: '09', year: '1985' },
};

export const API_URL = 'http://127.0.0.1:4000';
/** The portal as the browser sees it (playwright.config.ts baseURL): the Origin of its own API calls. */
export const PORTAL_URL = 'http://localhost:8080';
