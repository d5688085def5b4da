/**
 * The blog's three articles: what does not change between languages. Titles, summaries
 * and bodies live in locales/<lang>/blog.json under `posts.<slug>`.
 */
export type BlogPost = { slug: string; publishedOn: string; image: string };

export const BLOG_POSTS: BlogPost[] = [
  { slug: "occasional-rental-basics", publishedOn: "2026-10-20", image: "/images/blog-occasional-rental.svg" },
  { slug: "required-documents", publishedOn: "2026-10-06", image: "/images/blog-documents.svg" },
  { slug: "eviction-address", publishedOn: "2026-09-22", image: "/images/blog-eviction-address.svg" },
];

export const BLOG_IMAGE_SIZE = { width: 640, height: 360 };
