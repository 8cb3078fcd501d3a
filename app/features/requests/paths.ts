/**
 * Where a request list is reached (client-safe): the client's page in their area, the staff's page,
 * and the answering page a one-click link leads to (/r/<token> redirects there with a restricted session).
 */
export const requestPaths = {
  client: (listId: string) => `/client/requests/${listId}`,
  staff: (listId: string) => `/dashboard/requests/${listId}`,
  answer: (listId: string) => `/requests/${listId}`,
  link: (token: string) => `/r/${token}`,
} as const;
