// The front-end apps of the workspace and their local ports (design.md "Local run").
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export const HOST_APP = { name: 'host', port: 8080 };

export const REMOTE_APPS = [
  { name: 'remote-onboarding', key: 'onboarding', port: 3001 },
  { name: 'remote-pay', key: 'pay', port: 3002 },
  { name: 'remote-documents', key: 'documents', port: 3003 },
  { name: 'remote-profile', key: 'profile', port: 3004 },
];

export const FRONT_END_APPS = [HOST_APP, ...REMOTE_APPS];

export const API_PORT = 4000;

export function appDir(name) {
  return path.join(ROOT, name);
}

export function distDir(name) {
  return path.join(ROOT, name, 'dist');
}
