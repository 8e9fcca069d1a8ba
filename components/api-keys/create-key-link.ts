import { openingLink } from "@/components/ui/opening-link";

/** The name under which a link opens the "Create API key" dialog. */
export const CREATE_KEY_DIALOG = "create-key";

/** The API keys page with the "Create API key" dialog open (the palette's action, the empty state's button). */
export const CREATE_KEY_LINK = openingLink("/settings/api-keys", CREATE_KEY_DIALOG);
