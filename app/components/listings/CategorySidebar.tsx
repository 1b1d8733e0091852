// The category sidebar: main categories → subcategories → items (items of the current subcategory
// only, to keep the page light). Links keep the other filters and start again at page 1.
import { AppLink } from "~/components/AppLink.tsx";
import type { CategoryNode } from "~/services/listings/index.server.ts";
import { classNames } from "../shell-styles.ts";
import { ui } from "./listings-styles.ts";

export interface SidebarCategory {
  id: string;
  name: string;
  current: boolean;
  /** Items are listed only under the expanded subcategory. */
  children: SidebarCategory[];
}

/** The sidebar's view of the taxonomy for the current category id (if any). */
export function sidebarCategories(tree: CategoryNode[], currentId: string | undefined, currentPath: string[]): SidebarCategory[] {
  const open = new Set(currentPath);
  return tree.map((main) => ({
    id: main.id,
    name: main.name,
    current: main.id === currentId,
    children: main.children.map((sub) => ({
      id: sub.id,
      name: sub.name,
      current: sub.id === currentId,
      children:
        sub.id === currentId || open.has(sub.id)
          ? sub.children.map((item) => ({ id: item.id, name: item.name, current: item.id === currentId, children: [] }))
          : [],
    })),
  }));
}

function CategoryLink({ category, href, main = false }: { category: { name: string; current: boolean }; href: string; main?: boolean }) {
  return (
    <AppLink
      to={href}
      aria-current={category.current ? "true" : undefined}
      className={classNames(ui.sideLink, main && ui.sideLinkMain, category.current && ui.sideLinkCurrent)}
    >
      {category.name}
    </AppLink>
  );
}

export function CategorySidebar({
  categories,
  hrefFor,
}: {
  categories: SidebarCategory[];
  /** The listings URL for a category (undefined: all categories) with the other filters kept. */
  hrefFor: (categoryId?: string) => string;
}) {
  const anyCurrent = categories.some((main) => main.current || main.children.some((sub) => sub.current || sub.children.some((item) => item.current)));
  return (
    <nav aria-labelledby="categories-heading">
      <h2 id="categories-heading" className={ui.sideHeading}>
        Categories
      </h2>
      <ul className={ui.sideList}>
        <li>
          <CategoryLink category={{ name: "All Equipment", current: !anyCurrent }} href={hrefFor()} main />
        </li>
        {categories.map((main) => (
          <li key={main.id}>
            <CategoryLink category={main} href={hrefFor(main.id)} main />
            <ul className={ui.sideSublist}>
              {main.children.map((sub) => (
                <li key={sub.id}>
                  <CategoryLink category={sub} href={hrefFor(sub.id)} />
                  {sub.children.length > 0 ? (
                    <ul className={ui.sideSublist} aria-label={`${sub.name} items`}>
                      {sub.children.map((item) => (
                        <li key={item.id}>
                          <CategoryLink category={item} href={hrefFor(item.id)} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
