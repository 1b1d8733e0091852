// The category sidebar: main categories → subcategories → items (items of the current subcategory
// only, to keep the page light). Links keep the other filters and start again at page 1.
import { Box, Heading, Link, Stack } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { CategoryNode } from "~/services/category.server.ts";

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

function CategoryLink({ category, hrefFor, level }: { category: { id?: string; name: string; current: boolean }; hrefFor: (id?: string) => string; level: number }) {
  return (
    <Link
      asChild
      display="block"
      px="2"
      py="1"
      rounded="md"
      fontSize="sm"
      fontWeight={category.current ? "bold" : level === 1 ? "semibold" : "normal"}
      color={category.current ? "blue.fg" : "fg"}
      bg={category.current ? "blue.subtle" : undefined}
      _hover={{ bg: "bg.muted", textDecoration: "none" }}
    >
      <RemixLink to={hrefFor(category.id)} aria-current={category.current ? "true" : undefined}>
        {category.name}
      </RemixLink>
    </Link>
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
  const anyCurrent = categories.some(
    (main) => main.current || main.children.some((sub) => sub.current || sub.children.some((item) => item.current)),
  );
  return (
    <Box as="nav" aria-labelledby="categories-heading">
      <Heading as="h2" id="categories-heading" size="md" mb="3">
        Categories
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none">
        <li>
          <CategoryLink category={{ name: "All Equipment", current: !anyCurrent }} hrefFor={hrefFor} level={1} />
        </li>
        {categories.map((main) => (
          <li key={main.id}>
            <CategoryLink category={main} hrefFor={hrefFor} level={1} />
            <Stack as="ul" gap="0" listStyleType="none" ps="3" mt="1" borderStartWidth="1px">
              {main.children.map((sub) => (
                <li key={sub.id}>
                  <CategoryLink category={sub} hrefFor={hrefFor} level={2} />
                  {sub.children.length > 0 ? (
                    <Stack as="ul" gap="0" listStyleType="none" ps="3" borderStartWidth="1px" aria-label={`${sub.name} items`}>
                      {sub.children.map((item) => (
                        <li key={item.id}>
                          <CategoryLink category={item} hrefFor={hrefFor} level={3} />
                        </li>
                      ))}
                    </Stack>
                  ) : null}
                </li>
              ))}
            </Stack>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
