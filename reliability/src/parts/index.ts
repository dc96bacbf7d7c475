// The parts of the suite, in the order they run.
import type { Part } from '../part.ts';
import { access } from './access.ts';
import { concurrency } from './concurrency.ts';
import { fuzz } from './fuzz.ts';

export const parts: Part[] = [concurrency, access, fuzz];
