import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { toastFormErrors } from '@/components/ui/form-errors-toast';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * A form checked by one of the protocol's schemas, the app's way (docs/player-app.md, Validation):
 * when a check fails, every message shows in one toast, in the order of `fieldOrder`; when all
 * pass, `submit` runs, and what it throws shows as an error toast (the server's message). `submit`
 * does the rest on success: its own toast, where to go.
 *
 * `submit` awaits its request (`mutateAsync`, not `mutate`), so its toasts show even when the form
 * has unmounted (the page moved on) before the reply.
 */
export function useSchemaForm<Input extends FieldValues, Output>({
  schema,
  defaultValues,
  fieldOrder,
  submit,
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  fieldOrder: readonly string[];
  submit: (values: Output) => Promise<void>;
}) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await submit(values);
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    (errors) => toastFormErrors(errors, fieldOrder),
  );
  return { ...form, onSubmit };
}
