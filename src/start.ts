/**
 * `npm start`: first makes sure this Node.js can run the bot, and says in one line what to install
 * if not; only then loads the bot (`main.ts`), whose modules need the newer Node.js.
 */
import { nodeVersionProblem } from './startup-checks.ts';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import('./main.ts');
