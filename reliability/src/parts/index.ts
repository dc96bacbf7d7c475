// The parts of the suite, in the order they run.
import type { Part } from '../part.ts';
import { concurrency } from './concurrency.ts';
import { faults } from './faults.ts';
import { load } from './load.ts';

export const parts: Part[] = [concurrency, faults, load];
