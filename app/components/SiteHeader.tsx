// The global header: links, role-aware links, colour mode, avatar menu and the collapsible mobile menu.
import { Avatar, Box, Button, Collapsible, Container, Flex, HStack, IconButton, Menu, Portal, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GUEST_LINKS, memberLinks, PUBLIC_LINKS, type NavLinkItem } from "~/lib/navigation.ts";
import { displayName, initials, type CurrentUser } from "~/lib/user.ts";
import { ColorModeToggle } from "./ColorModeToggle.tsx";
import { CloseIcon, MenuIcon } from "./icons.tsx";

function HeaderLink({ item, onNavigate }: { item: NavLinkItem; onNavigate?: () => void }) {
  return (
    <NavLink to={item.to} prefetch="intent" onClick={onNavigate}>
      {({ isActive }) => (
        <Box
          as="span"
          display="block"
          px="3"
          py="2"
          rounded="md"
          fontSize="sm"
          fontWeight={isActive ? "semibold" : "medium"}
          color={isActive ? "blue.fg" : "fg"}
          _hover={{ bg: "bg.muted" }}
        >
          {item.label}
        </Box>
      )}
    </NavLink>
  );
}

function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <Menu.Root positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" aria-label={`Account menu for ${displayName(user)}`}>
          <Avatar.Root size="sm" colorPalette="blue">
            <Avatar.Fallback>{initials(user)}</Avatar.Fallback>
            {user.avatarUrl ? <Avatar.Image src={user.avatarUrl} alt="" /> : null}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="3" py="2">
              <Text fontWeight="semibold">{displayName(user)}</Text>
              <Text fontSize="xs" color="fg.muted">
                {user.email}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="dashboard" asChild>
              <RemixLink to="/dashboard">Dashboard</RemixLink>
            </Menu.Item>
            <Menu.Item value="profile" asChild>
              <RemixLink to="/profile">Profile</RemixLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="sign-out" asChild>
              <Form method="post" action="/logout">
                <button type="submit" style={{ width: "100%", textAlign: "left" }}>
                  Sign Out
                </button>
              </Form>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function SiteHeader({ user }: { user: CurrentUser | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  const links = [...PUBLIC_LINKS, ...(user ? memberLinks(user) : [])];

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Collapsible.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <Container maxW="7xl" py="2">
          <Flex align="center" gap="2">
            <RemixLink to="/" aria-label="Tradebench home">
              <Text fontWeight="bold" fontSize="xl" color="blue.fg" mr="4">
                Tradebench
              </Text>
            </RemixLink>
            <HStack as="nav" aria-label="Main" gap="0" display={{ base: "none", lg: "flex" }} flex="1" flexWrap="wrap">
              {links.map((item) => (
                <HeaderLink key={item.to} item={item} />
              ))}
            </HStack>
            <Box flex="1" display={{ base: "block", lg: "none" }} />
            <ColorModeToggle />
            {user ? (
              <UserMenu user={user} />
            ) : (
              <HStack gap="1" display={{ base: "none", lg: "flex" }}>
                {GUEST_LINKS.map((item) => (
                  <HeaderLink key={item.to} item={item} />
                ))}
              </HStack>
            )}
            <Collapsible.Trigger asChild>
              <IconButton
                display={{ base: "inline-flex", lg: "none" }}
                aria-label={open ? "Close menu" : "Open menu"}
                variant="ghost"
                size="sm"
              >
                {open ? <CloseIcon /> : <MenuIcon />}
              </IconButton>
            </Collapsible.Trigger>
          </Flex>
        </Container>
        <Collapsible.Content>
          <Container maxW="7xl" pb="3" display={{ lg: "none" }}>
            <Stack as="nav" aria-label="Mobile" gap="0">
              {[...links, ...(user ? [] : GUEST_LINKS)].map((item) => (
                <HeaderLink key={item.to} item={item} onNavigate={() => setOpen(false)} />
              ))}
              {user ? (
                <Form method="post" action="/logout">
                  <Button type="submit" variant="ghost" size="sm" justifyContent="flex-start" w="full">
                    Sign Out
                  </Button>
                </Form>
              ) : null}
            </Stack>
          </Container>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  );
}
