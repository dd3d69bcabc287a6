/**
 * Scalar validates with zod, and zod 4 probes for `Function('')` to decide
 * whether it may compile validators at run time. Under the site's CSP
 * (no 'unsafe-eval') that probe is refused and reported as a violation, so
 * the console tells zod not to try. Imported before anything of Scalar.
 */
import { config } from 'zod';

config({ jitless: true });
