import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { LandingContent } from '../pages/LandingContent';
import { staticLandingMarkup } from './static-landing';

const support = { phone: '0800 029 4123', email: 'support@payportal.example' };
const revealSource = readFileSync(path.join(__dirname, 'reveal.js'), 'utf8');

/** index.html's body as the build writes it, then the reveal script run at the address `at`. */
function loadPage(at: string) {
  window.history.replaceState(null, '', at);
  document.body.innerHTML = `<div id="root">${staticLandingMarkup(support)}</div>`;
  new Function(revealSource)();
}

const setExpiryCookie = (secondsFromNow: number) => {
  document.cookie = `app.at_exp=${Math.floor(Date.now() / 1000) + secondsFromNow}; path=/`;
};

afterEach(() => {
  document.cookie = 'app.at_exp=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.body.innerHTML = '';
});

test('the built page holds the landing page texts, as the app draws them', () => {
  document.body.innerHTML = staticLandingMarkup(support);
  const built = document.getElementById('static-landing')!.innerHTML;
  const { container } = render(<LandingContent support={support} />);
  expect(built).toBe(container.innerHTML);
});

test('signed out, the landing page shows at / and /home before any bundle runs', () => {
  for (const at of ['/', '/home', '/?token=INVITE-2026-DEMO']) {
    loadPage(at);
    expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeVisible();
  }
});

test('an expired session counts as signed out', () => {
  setExpiryCookie(-60);
  loadPage('/');
  expect(screen.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
});

test('signed in, or at another address, the landing page stays hidden', () => {
  setExpiryCookie(600);
  loadPage('/');
  expect(screen.queryByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeNull();

  document.cookie = 'app.at_exp=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  loadPage('/payslips');
  expect(screen.queryByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeNull();
});
