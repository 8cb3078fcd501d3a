// The machine-translation area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export {
  addGlossaryTerm,
  deleteGlossaryTerm,
  isMachineTranslationConfigured,
  listGlossary,
  machineTranslate,
  type MachineTranslationResult,
} from "./machine-translation.server";
export { assertServiceEndpoint } from "./service-address.server";
