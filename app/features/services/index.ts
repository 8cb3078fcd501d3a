// The services area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { priceToCents, SERVICE_ICONS, ServiceCreateSchema, ServiceFormSchema, type ServiceIconName, ServiceUpdateSchema } from "./services.schema";
