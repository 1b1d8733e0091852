import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Avatar, Box, Button, Checkbox, Container, Field, Fieldset, Heading, HStack, Input, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess, TextareaField, TextField } from "~/components/forms/index.ts";
import { SecondFactorSection } from "~/components/profile/SecondFactorSection.tsx";
import { formatShortDate } from "~/lib/dates.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { getDb } from "~/db.server.ts";
import { EMAIL_ALERTS } from "~/lib/notification-types.ts";
import { ROLE_LABELS } from "~/lib/roles.ts";
import { initials } from "~/lib/user.ts";
import { AVATAR_FIELD, AVATAR_MAX_BYTES, AvatarFormSchema, PROFILE_MESSAGES, ProfileSchema } from "~/schemas/profile.ts";
import { requireUser } from "~/web/auth.server.ts";
import { getProfile, parsePreferences, removeAvatar, saveAvatar, updateProfile } from "~/services/accounts/index.server.ts";
import { signedInDevicesSection } from "~/web/signed-in-devices.server.ts";
import { SignedInDevicesSection } from "~/components/profile/SignedInDevicesSection.tsx";
import { DisplayCurrencySection } from "~/components/profile/DisplayCurrencySection.tsx";
import { displayCurrencySection } from "~/web/display-currency-section.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Your profile — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(getDb(), user.id);
  if (!profile) throw data({ message: PROFILE_MESSAGES.userNotFound }, { status: 404 });
  const { privacy, email_alerts: emailAlerts } = parsePreferences(profile.preferences);
  return {
    signedInDevices: await signedInDevicesSection(request, user.id),
    displayCurrency: displayCurrencySection(request, user),
    profile: {
      id: profile.id,
      email: profile.email,
      role: ROLE_LABELS[user.role],
      avatarUrl: profile.avatar_url,
      isVerified: profile.is_verified === 1,
      verificationDate: profile.verification_date,
      memberSince: profile.created_at,
      firstName: profile.first_name,
      lastName: profile.last_name,
      companyName: profile.company_name,
      phone: profile.phone,
      address: profile.address,
      city: profile.city,
      state: profile.state,
      zip: profile.zip,
      country: profile.country,
      location: profile.location,
      website: profile.website,
      bio: profile.bio,
      showEmail: privacy.show_email,
      showPhone: privacy.show_phone,
      emailAlerts,
    },
  };
}

type AvatarResult = { intent: "avatar"; ok: boolean; message: string };

function avatarRefused(message: string) {
  return data<AvatarResult>({ intent: "avatar", ok: false, message }, { status: 400 });
}

async function handleAvatarUpload(request: Request, userId: string) {
  const { files } = await parseForm(request, AvatarFormSchema, {
    files: {
      field: AVATAR_FIELD,
      maxFileBytes: AVATAR_MAX_BYTES,
      maxFiles: 1,
      maxFields: 10,
      maxFieldBytes: 1024,
      // A photo a little over the limit still gets its message; far over it, the body is refused as it arrives.
      maxTotalBytes: 2 * AVATAR_MAX_BYTES,
    },
  });
  const file = files[0];
  if (file?.status === "too_big") return avatarRefused(PROFILE_MESSAGES.avatarTooLarge);
  if (!file?.bytes || file.size === 0) return avatarRefused(PROFILE_MESSAGES.avatarMissing);
  const bytes = file.bytes;
  return refusalsAnswered(
    async () => {
      await saveAvatar(getDb(), getUploadStore(), userId, bytes);
      return data<AvatarResult>({ intent: "avatar", ok: true, message: PROFILE_MESSAGES.avatarSaved });
    },
    { as: (refusal): AvatarResult => ({ intent: "avatar", ok: false, message: refusal.message }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    return handleAvatarUpload(request, user.id);
  }
  const { submission, fields } = await parseForm(request, ProfileSchema);
  if (fields.get("intent") === "remove-avatar") {
    await removeAvatar(getDb(), getUploadStore(), user.id);
    return { intent: "avatar" as const, ok: true, message: PROFILE_MESSAGES.avatarRemoved };
  }
  if (submission.status !== "success") {
    return data({ intent: "profile" as const, result: submission.reply(), saved: false }, { status: 400 });
  }
  await updateProfile(getDb(), user.id, submission.value);
  return { intent: "profile" as const, result: submission.reply(), saved: true };
}

function formatDate(iso: string | null): string {
  return iso ? formatShortDate(iso) : "";
}

export default function ProfilePage() {
  const { profile, signedInDevices, displayCurrency } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const profileResult = actionData && actionData.intent === "profile" ? actionData : undefined;
  const avatarResult = actionData && actionData.intent === "avatar" ? actionData : undefined;

  const [form, fields] = useForm({
    id: "profile",
    lastResult: profileResult?.result,
    defaultValue: {
      ...profile,
      showEmail: profile.showEmail ? "on" : undefined,
      showPhone: profile.showPhone ? "on" : undefined,
      emailAlerts: EMAIL_ALERTS.filter((alert) => profile.emailAlerts[alert.key]).map((alert) => alert.key),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Container maxW="4xl" py="10">
      <Stack gap="8">
        <HStack gap="5" align="center" wrap="wrap">
          <Avatar.Root size="2xl" colorPalette="blue">
            <Avatar.Fallback>{initials(profile)}</Avatar.Fallback>
            {profile.avatarUrl ? <Avatar.Image src={profile.avatarUrl} alt="Your profile photo" /> : null}
          </Avatar.Root>
          <Box>
            <Heading as="h1" size="2xl">
              {`${profile.firstName} ${profile.lastName}`.trim() || profile.email}
            </Heading>
            <Text color="fg.muted">
              {profile.role} · {profile.email} · Member since {formatDate(profile.memberSince)}
              {profile.isVerified ? ` · Verified since ${formatDate(profile.verificationDate)}` : ""}
            </Text>
            {/* What others see, through the privacy choices below. */}
            <Link asChild color="blue.fg" width="fit-content">
              <RemixLink to={`/user/${profile.id}`}>View your public profile</RemixLink>
            </Link>
            {/* Sellers apply to be verified; staff approve (docs/decisions/0076). */}
            {profile.role === ROLE_LABELS.seller ? (
              <Link asChild color="blue.fg" width="fit-content" display="block">
                <RemixLink to="/profile/verification">{profile.isVerified ? "Seller verification: verified" : "Get verified as a seller"}</RemixLink>
              </Link>
            ) : null}
          </Box>
        </HStack>

        {/* A buyer can become a seller later. */}
        {profile.role === ROLE_LABELS.buyer ? (
          <Box as="section" aria-labelledby="start-selling-heading" borderWidth="1px" rounded="lg" p="5">
            <Heading as="h2" size="md" id="start-selling-heading" mb="2">
              Start selling
            </Heading>
            <Text mb="3">
              Have equipment to sell? Turn your account into a seller&apos;s account to list items and run auctions; you keep buying as before.
            </Text>
            <Button asChild colorPalette="blue" variant="outline">
              <RemixLink to="/profile/start-selling">Start selling</RemixLink>
            </Button>
          </Box>
        ) : null}

        <Box as="section" aria-labelledby="photo-heading" borderWidth="1px" rounded="lg" p="5">
          <Heading as="h2" size="md" id="photo-heading" mb="3">
            Profile photo
          </Heading>
          {avatarResult ? avatarResult.ok ? <FormSuccess>{avatarResult.message}</FormSuccess> : <FormErrors errors={[avatarResult.message]} /> : null}
          <HStack gap="3" mt="3" wrap="wrap" align="end">
            <Form method="post" encType="multipart/form-data">
              <HStack gap="3" align="end" wrap="wrap">
                <Field.Root>
                  <Field.Label>Choose a photo (JPEG, PNG, WebP or GIF, at most 5 MB)</Field.Label>
                  <Input type="file" name="avatar" accept="image/jpeg,image/png,image/webp,image/gif" p="1" />
                </Field.Root>
                <Button type="submit" variant="outline" disabled={busy}>
                  Upload photo
                </Button>
              </HStack>
            </Form>
            {profile.avatarUrl ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-avatar" />
                <Button type="submit" variant="ghost" colorPalette="red" disabled={busy}>
                  Remove photo
                </Button>
              </Form>
            ) : null}
          </HStack>
        </Box>

        <SecondFactorSection />
        <SignedInDevicesSection {...signedInDevices} />
        <DisplayCurrencySection {...displayCurrency} />

        <Form method="post" {...getFormProps(form)}>
          <Stack gap="6">
            {profileResult?.saved ? <FormSuccess>{PROFILE_MESSAGES.saved}</FormSuccess> : null}
            <FormErrors id={form.errorId} errors={form.errors} />
            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                About you
              </Fieldset.Legend>
              <Fieldset.Content>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField meta={fields.firstName} label="First name" autoComplete="given-name" required />
                  <TextField meta={fields.lastName} label="Last name" autoComplete="family-name" required />
                  <TextField meta={fields.companyName} label="Company name" autoComplete="organization" />
                  <TextField meta={fields.website} label="Website" type="url" autoComplete="url" placeholder="https://" />
                  <TextField meta={fields.location} label="Location (shown on your listings)" placeholder="e.g. Austin, TX" />
                </SimpleGrid>
                <TextareaField meta={fields.bio} label="Bio" rows={4} />
              </Fieldset.Content>
            </Fieldset.Root>
            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                Contact and address
              </Fieldset.Legend>
              <Fieldset.Content>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
                  <TextField meta={fields.address} label="Address" autoComplete="street-address" />
                  <TextField meta={fields.city} label="City" autoComplete="address-level2" />
                  <TextField meta={fields.state} label="State / region" autoComplete="address-level1" />
                  <TextField meta={fields.zip} label="ZIP / postal code" autoComplete="postal-code" />
                  <TextField meta={fields.country} label="Country" autoComplete="country-name" />
                </SimpleGrid>
              </Fieldset.Content>
            </Fieldset.Root>
            <Fieldset.Root>
              <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                Privacy
              </Fieldset.Legend>
              <Fieldset.HelperText>Choose what other members see on your public profile.</Fieldset.HelperText>
              <Fieldset.Content>
                <Checkbox.Root name="showEmail" value="on" defaultChecked={profile.showEmail}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Show my email address</Checkbox.Label>
                </Checkbox.Root>
                <Checkbox.Root name="showPhone" value="on" defaultChecked={profile.showPhone}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Show my phone number</Checkbox.Label>
                </Checkbox.Root>
              </Fieldset.Content>
            </Fieldset.Root>
            {/* The e-mail copies link here (/profile#email-alerts); Chakra's fieldset keeps its own id. */}
            <Box id="email-alerts" scrollMarginTop="20">
              <Fieldset.Root>
                <Fieldset.Legend fontSize="lg" fontWeight="semibold">
                  E-mail alerts
                </Fieldset.Legend>
                <Fieldset.HelperText>Besides the notification on Tradebench, send me an e-mail when:</Fieldset.HelperText>
                <Fieldset.Content>
                  <input type="hidden" name="emailAlertsShown" value="on" />
                  {EMAIL_ALERTS.map((alert) => (
                    <Checkbox.Root key={alert.key} name="emailAlerts" value={alert.key} defaultChecked={profile.emailAlerts[alert.key]}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{alert.label}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Fieldset.Content>
              </Fieldset.Root>
            </Box>
            <Button type="submit" colorPalette="blue" alignSelf="start" disabled={busy} loading={busy} loadingText="Saving...">
              Save profile
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Container>
  );
}
