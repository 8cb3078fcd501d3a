// The OCR pool's thread from the TypeScript source (Vitest, the bench scripts, `npm run dev`): Node 20's worker
// threads do not take tsx's loader from `execArgv`, so this plain module loads ocr-worker.ts through tsx's API.
// The production server runs dist/extract-worker.js instead (scripts/build-server.js).
import { tsImport } from "tsx/esm/api";

const { default: ocrPage } = await tsImport("./ocr-worker.ts", import.meta.url);
export default ocrPage;
