// The users area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { readAvatar, readAvatarForm, removeAvatar, saveAvatar, setOwnAvatarUrl } from "./avatar.server";
export { collectionHandlers, itemHandlers } from "./http.server";
export { type Actor, anonymiseUser, type AssignableRole, AVATAR_RECORD_TYPE, changeEmailAddress, checkMayDelete, countNewClientsPerPeriod, createManagedUser, deleteManagedUser, deleteUserRow, findAccount, findAccountByEmail, getContactDetails, getManagedUser, grantableFeatures, insertUser, isEmailInUse, listUsers, type ManagedUser, markEmailVerified, permissionsFor, recordSignIn, type Scope, setPasswordHash, updateManagedUser, updateOwnProfile } from "./users.server";
