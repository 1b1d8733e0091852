// A destructive action asked about first: without JavaScript the button is a link to a page (or state) that asks the
// question; with it, the same question is asked in a dialog, whose body holds the confirming form.
import { Button, CloseButton, Dialog, Portal, type ButtonProps } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { useState, type ReactNode } from "react";

export function ConfirmDialogLink({
  to,
  label,
  ariaLabel,
  title,
  size,
  children,
}: {
  /** Where the question is asked without JavaScript. */
  to: string;
  label: string;
  ariaLabel?: string;
  title: string;
  size?: ButtonProps["size"];
  /** The question and its form; `close` dismisses the dialog (for a Cancel button). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button asChild size={size} variant="outline" colorPalette="red">
        <RemixLink
          to={to}
          aria-label={ariaLabel}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {label}
        </RemixLink>
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">{children(() => setOpen(false))}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
