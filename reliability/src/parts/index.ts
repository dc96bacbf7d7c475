// The parts of the suite, in the order they run.
import type { Part } from '../part.ts';
import { access } from './access.ts';
import { attacks } from './attacks.ts';
import { concurrency } from './concurrency.ts';
import { faults } from './faults.ts';
import { fuzz } from './fuzz.ts';
import { load } from './load.ts';

export const parts: Part[] = [access, attacks, concurrency, fuzz, faults, load];
