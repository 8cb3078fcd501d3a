// The content area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export {
  diffLines,
  getSectionForEdit,
  getSectionVersion,
  listSectionsOverview,
  previewMarkdown,
  restoreSectionVersion,
  saveSection,
  sectionLines,
} from "./content-admin.server";
export {
  clearPublicCache,
  getCurrentAnnouncement,
  getPublicChrome,
  getSection,
  getSectionHtml,
  getServiceByKey,
  getStats,
  listFaqs,
  listLogos,
  listServices,
  listTestimonials,
  readLogoImage,
  readTestimonialPhoto,
} from "./content.server";
export { dismissedAnnouncementCookie, dismissedAnnouncementId, loadLegalPage } from "./http.server";
export { pageCacheStore } from "./page-cache.server";
export { seedPublicContent } from "./seed.server";
export { siteImageResponse } from "./site-image.http.server";
export { listScreenData, pictureListAction } from "./site-media.http.server";
export {
  type AdminAnnouncement,
  type AdminLogo,
  type AdminTestimonial,
  type AnnouncementState,
  createFaq,
  endAnnouncementNow,
  findAnnouncementForAdmin,
  findFaqForAdmin,
  findLogoForAdmin,
  findTestimonialForAdmin,
  isoToOfficeLocal,
  listAnnouncementsForAdmin,
  listFaqsForAdmin,
  listLogosForAdmin,
  listTestimonialsForAdmin,
  moveFaq,
  moveLogo,
  moveTestimonial,
  saveAnnouncement,
  saveFaqTranslation,
  saveLogo,
  saveTestimonial,
  setFaqActive,
} from "./site-media.server";
