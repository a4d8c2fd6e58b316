// The page's elements by id (index.html).
export const $ = (id) => document.getElementById(id);
