/**
 * The alt text the shop gives a gallery photo (issue 33 item 1). A gallery starts as the cover
 * described by the shoe's name alone (migration 0024, and every new shoe), which says less than the
 * shoe page always said of its picture: that default reads as "Brand Name in Colour"; staff's own
 * descriptions are shown as written.
 */
export function photoAlt(
  shoe: { brand: string; name: string; color: string },
  photo: { alt: string },
): string {
  return photo.alt === shoe.name ? `${shoe.brand} ${shoe.name} in ${shoe.color}` : photo.alt;
}
