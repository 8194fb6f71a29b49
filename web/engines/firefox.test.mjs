// The pages in Firefox's engine: see suite.mjs.
import { suite } from './suite.mjs';

suite('firefox');
