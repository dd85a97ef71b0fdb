import { runServer } from './run-server.js';

runServer().catch((error) => {
  console.error('Thunderwatch failed to start:', error);
  process.exit(1);
});
