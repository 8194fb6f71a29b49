// The pages in Webkit's engine: see suite.mjs.
import { suite } from './suite.mjs';

suite('webkit');
