// /profile's "Password and signed-in devices" section: where the member changes their password, and the
// devices their account is signed in on, each with Sign out (posted to /profile/devices), and Sign out everywhere else.
import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { formatShortDate } from "~/lib/dates.ts";

export interface SignedInDeviceView {
  handle: string;
  label: string;
  ip: string | null;
  signedInAt: string;
  current: boolean;
}

export function SignedInDevicesSection({
  devices,
  notice,
}: {
  devices: SignedInDeviceView[];
  /** What the last sign-out did, and whether it was refused. */
  notice: { message: string; ok: boolean } | null;
}) {
  const others = devices.filter((device) => !device.current).length;
  return (
    <Box as="section" aria-labelledby="signed-in-devices-heading" id="signed-in-devices" borderWidth="1px" rounded="lg" p="5" scrollMarginTop="20">
      <Heading as="h2" size="md" id="signed-in-devices-heading" mb="3">
        Password and signed-in devices
      </Heading>
      <Stack gap="4">
        <Link asChild color="blue.fg" width="fit-content">
          <RemixLink to="/profile/password">Change your password</RemixLink>
        </Link>
        {notice ? notice.ok ? <FormSuccess>{notice.message}</FormSuccess> : <FormErrors errors={[notice.message]} /> : null}
        <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Signed-in devices">
          {devices.map((device) => (
            <HStack as="li" key={device.handle} justify="space-between" gap="3" py="2" borderBottomWidth="1px" wrap="wrap">
              <Box>
                <Text fontWeight="medium">
                  {device.label} {device.current ? <Badge colorPalette="green">This device</Badge> : null}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Signed in {formatShortDate(device.signedInAt)}
                  {device.ip ? ` from ${device.ip}` : ""}
                </Text>
              </Box>
              {device.current ? null : (
                <Form method="post" action="/profile/devices">
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="device" value={device.handle} />
                  <Button type="submit" size="sm" variant="outline" aria-label={`Sign out ${device.label}, signed in ${formatShortDate(device.signedInAt)}`}>
                    Sign out
                  </Button>
                </Form>
              )}
            </HStack>
          ))}
        </Box>
        {others > 0 ? (
          <Form method="post" action="/profile/devices">
            <input type="hidden" name="intent" value="end-others" />
            <Button type="submit" size="sm" variant="outline" colorPalette="red">
              Sign out of every other device
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Box>
  );
}
