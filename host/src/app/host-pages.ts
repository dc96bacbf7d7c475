// The host's own pages that no signed-in first visit to Home shows: the landing page the app draws
// (signed out with a token parameter, offline, a redirect home), the support pages, the accessibility
// statement, privacy and cookies, and the signed-out frame around them. One chunk of
// their own (HostPage.tsx), out of main.js, which Home's LCP waits for (fewer bytes on Home).
export { LandingPage } from '../pages/LandingPage';
export { SupportPage } from '../support/SupportPage';
export { FaqsPage } from '../support/FaqsPage';
export { ContactDetailsPage } from '../support/ContactDetailsPage';
export { AccessibilityStatementPage } from '../statement/AccessibilityStatementPage';
export { PrivacyPage } from '../statement/PrivacyPage';
export { SignedOutFrame } from '../support/SignedOutFrame';
