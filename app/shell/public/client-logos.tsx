import { logoImageSrc, type Logo } from "~/features/content";

/** A logo without stored sizes is drawn in a box of this shape; its own aspect ratio fits inside. */
const FALLBACK_SIZE = { width: 160, height: 48 };

/**
 * The clients' logos: the image when the logo has one (sized, so nothing shifts, and lazy, since the
 * list sits far below the first screen), else the client's name; linked to the client's site when
 * there is one.
 */
export function ClientLogos({ logos }: { logos: Logo[] }) {
  return (
    <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4 text-lg font-semibold text-muted-foreground">
      {logos.map((logo) => {
        const mark = logo.fileId ? (
          <img
            src={logoImageSrc(logo.fileId)}
            alt={logo.name}
            width={logo.width ?? FALLBACK_SIZE.width}
            height={logo.height ?? FALLBACK_SIZE.height}
            loading="lazy"
            decoding="async"
            className="h-12 w-auto max-w-40 object-contain dark:rounded dark:bg-white dark:p-1"
          />
        ) : (
          logo.name
        );
        return (
          <li key={logo.id}>
            {logo.websiteUrl ? (
              <a href={logo.websiteUrl} target="_blank" rel="noopener noreferrer" className="hover:text-foreground">
                {mark}
              </a>
            ) : (
              mark
            )}
          </li>
        );
      })}
    </ul>
  );
}
