import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/forms";
import { PASSWORD_MIN_LENGTH } from "./auth.schema";

type Field = ComponentProps<typeof TextField>["field"];

/** A new password and its confirmation, with the length rule under the first (register, reset, profile). */
export function NewPasswordFields({ password, confirmPassword, label }: { password: Field; confirmPassword: Field; label: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <TextField
        field={password}
        type="password"
        label={label}
        hint={t("fields.passwordHint", { count: PASSWORD_MIN_LENGTH })}
        inputProps={{ autoComplete: "new-password" }}
      />
      <TextField field={confirmPassword} type="password" label={t("fields.confirmPassword")} inputProps={{ autoComplete: "new-password" }} />
    </>
  );
}
