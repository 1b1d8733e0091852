// /admin/categories: the three-level taxonomy (main category › subcategory › item) with listing counts;
// staff holding can_manage_categories rename a category, hide or show it, add an item under a subcategory, and delete
// an item they added while no listing uses it (a category in use is never deleted). Each change is audited. The
// changes are an overlay on the taxonomy in code (category_overrides): see app/services/admin/category-administration.
// The list is short to read without JavaScript: each main category is a <details> element, closed until
// opened; a search (a GET form, ?q=…, matched on the server) shows the categories whose names match, with their
// parents, and opens the main categories it found them in.
import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { CATEGORY_NAME_MAX } from "~/lib/moderation.ts";
import { CategoryChangeSchema, CategorySearchSchema } from "~/schemas/moderation.ts";
import { changeCategory, listCategoriesForAdmin, type AdminCategoryNode, type CategoryChange } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Categories — Admin — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_manage_categories");
  const parsed = CategorySearchSchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
  if (!parsed.success) return { tree: [], search: "", problem: parsed.error.issues[0]?.message ?? "Please check the search." };
  const search = parsed.data.q ?? "";
  return { tree: await listCategoriesForAdmin(getDb(), { search }), search, problem: null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_manage_categories");
  const { submission } = await parseForm(request, CategoryChangeSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data({ ok: false as const, message: first ?? "Please check the form." }, { status: 400 });
  }
  const value = submission.value;
  const change: CategoryChange =
    value.intent === "add"
      ? { action: "add", parentId: value.parentId, name: value.name }
      : value.intent === "rename"
        ? { action: "rename", categoryId: value.categoryId, name: value.name }
        : { action: value.intent, categoryId: value.categoryId };
  return refusalsAnswered(async () => ({ ok: true as const, message: await changeCategory(getDb(), user.id, change) }), {
    as: (refusal) => ({ ok: false as const, message: refusal.message }),
  });
}

/** A category's name, its taxonomy name when renamed, its listings and badges. */
function CategoryFacts({ node }: { node: AdminCategoryNode }) {
  return (
    <>
      <Text as="span" fontWeight={node.level === 1 ? "semibold" : node.level === 2 ? "medium" : undefined}>
        {node.name}
      </Text>
      {node.name !== node.originalName ? (
        <Text as="span" fontSize="xs" color="fg.muted">
          (was {node.originalName})
        </Text>
      ) : null}
      <Text as="span" fontSize="sm" color="fg.muted">
        {node.listings === 1 ? "1 listing" : `${node.listings.toLocaleString("en-US")} listings`}
      </Text>
      {node.hidden ? <Badge colorPalette="gray">Hidden</Badge> : null}
      {node.added ? <Badge colorPalette="blue">Added</Badge> : null}
    </>
  );
}

/** The rename, hide or show, add and delete forms of one category, behind its "Edit" disclosure. */
function CategoryEdit({ node, busy }: { node: AdminCategoryNode; busy: boolean }) {
  const label = node.level === 1 ? "main category" : node.level === 2 ? "subcategory" : "item";
  return (
    <details>
      <summary>
        Edit <VisuallyHidden>{node.name}</VisuallyHidden>
      </summary>
      <Stack gap="2" py="2" maxW="md">
        <Form method="post">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="categoryId" value={node.id} />
          <HStack gap="2" align="end">
            <Box flex="1">
              <label htmlFor={`rename-${node.id}`}>New name for the {label}</label>
              <Input id={`rename-${node.id}`} name="name" size="sm" defaultValue={node.name} maxLength={CATEGORY_NAME_MAX} required />
            </Box>
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              Rename
            </Button>
          </HStack>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={node.hidden ? "show" : "hide"} />
          <input type="hidden" name="categoryId" value={node.id} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            {node.hidden ? "Show it again" : "Hide it"}
          </Button>
        </Form>
        {node.level === 2 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="parentId" value={node.id} />
            <HStack gap="2" align="end">
              <Box flex="1">
                <label htmlFor={`add-${node.id}`}>New item under {node.name}</label>
                <Input id={`add-${node.id}`} name="name" size="sm" maxLength={CATEGORY_NAME_MAX} required />
              </Box>
              <Button type="submit" size="sm" disabled={busy}>
                Add item
              </Button>
            </HStack>
          </Form>
        ) : null}
        {node.added && node.listings === 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="categoryId" value={node.id} />
            <Button type="submit" size="sm" colorPalette="red" variant="outline" disabled={busy}>
              Delete this item
            </Button>
          </Form>
        ) : null}
      </Stack>
    </details>
  );
}

function CategoryChildren({ node, busy }: { node: AdminCategoryNode; busy: boolean }) {
  return node.children.length > 0 ? (
    <Box as="ul" m="0" p="0">
      {node.children.map((child) => (
        <CategoryRow key={child.id} node={child} busy={busy} />
      ))}
    </Box>
  ) : null;
}

/** A subcategory or an item, with what is under it. */
function CategoryRow({ node, busy }: { node: AdminCategoryNode; busy: boolean }) {
  return (
    <Box as="li" listStyleType="none" ps="5" py="1">
      <HStack gap="3" wrap="wrap">
        <CategoryFacts node={node} />
        <CategoryEdit node={node} busy={busy} />
      </HStack>
      <CategoryChildren node={node} busy={busy} />
    </Box>
  );
}

/** A main category: closed until opened (open while a search shows what it found inside). */
function MainCategory({ node, busy, open }: { node: AdminCategoryNode; busy: boolean; open: boolean }) {
  return (
    <Box as="li" listStyleType="none" py="1" data-category={node.id}>
      <details open={open}>
        <summary>
          <HStack as="span" display="inline-flex" gap="3" wrap="wrap">
            <CategoryFacts node={node} />
          </HStack>
        </summary>
        <Box ps="5" py="1">
          <CategoryEdit node={node} busy={busy} />
        </Box>
        <CategoryChildren node={node} busy={busy} />
      </details>
    </Box>
  );
}

export default function AdminCategoriesPage() {
  const { tree, search, problem } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Categories
      </Heading>
      <Text color="fg.muted">
        Main categories, their subcategories and items, with the listings in each (every status). A hidden category is no longer offered for new listings; a
        category with listings is never deleted.
      </Text>
      <Form method="get" role="search" aria-label="Find categories">
        <HStack gap="3" wrap="wrap" align="end">
          <Box>
            <label htmlFor="categories-q">Category name</label>
            <Input id="categories-q" name="q" type="search" defaultValue={search} maxLength={100} />
          </Box>
          <Button type="submit" variant="outline">
            Search
          </Button>
          {search ? (
            <Link asChild textDecoration="underline">
              <RemixLink to="/admin/categories">Show all categories</RemixLink>
            </Link>
          ) : null}
        </HStack>
      </Form>
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      <FormErrors errors={answer && !answer.ok ? [answer.message] : problem ? [problem] : undefined} />
      {search ? (
        <Text aria-live="polite">
          {tree.length === 0 ? `No category matches “${search}”.` : `Categories matching “${search}”, with the categories they are in:`}
        </Text>
      ) : null}
      {tree.length === 0 ? (
        search || problem ? null : (
          <Text>No category data available yet.</Text>
        )
      ) : (
        <Box as="ul" m="0" p="0">
          {tree.map((node) => (
            <MainCategory key={node.id} node={node} busy={busy} open={search !== ""} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
