import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import {
  nationalPhoneNumber,
  PHONE_EXAMPLE,
  profileUpdateSchema,
  type ProfileUpdate,
  type ProfileUpdateInput,
  type UserSettings,
} from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ShareStealSlider } from '@/components/ui/share-steal-slider';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';
import { messages } from '../messages';
import styles from './edit-details-modal.module.css';

const FIELDS = ['alias', 'phoneNumber', 'ruthlessChoice'];

export interface EditDetailsModalProps {
  settings: UserSettings;
  onClose: () => void;
}

/**
 * The profile's 'Edit Details' modal (docs/player-app.md): alias, phone number and default
 * choice, sent as `PATCH /api/operator/user`. Its close icon and Escape close it; Tab stays inside.
 */
export function EditDetailsModal({ settings, onClose }: EditDetailsModalProps) {
  const save = useUpdateProfile();
  const { register, onSubmit, control, formState } = useSchemaForm<ProfileUpdateInput, ProfileUpdate>({
    schema: profileUpdateSchema,
    fieldOrder: FIELDS,
    submit: async (values) => {
      await save.mutateAsync(values);
      toast.success(messages.detailsUpdated);
      onClose();
    },
    defaultValues: {
      alias: settings.alias ?? '',
      phoneNumber: settings.phoneNumber ? nationalPhoneNumber(settings.phoneNumber) : '',
      ruthlessChoice: settings.defaultChoice ?? undefined,
    },
  });
  const errors = formState.errors;

  return (
    <Modal title="Edit Details" variant="form" onClose={onClose} initialFocus="input">
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="profile-alias">
            Display name
          </label>
          <input
            id="profile-alias"
            className={styles.input}
            autoComplete="nickname"
            placeholder="Up to 10 characters"
            aria-invalid={Boolean(errors.alias) || undefined}
            {...register('alias')}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="profile-phone">
            Phone number
          </label>
          <input
            id="profile-phone"
            className={styles.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_EXAMPLE}
            aria-invalid={Boolean(errors.phoneNumber) || undefined}
            {...register('phoneNumber')}
          />
        </div>
        <div className={styles.field}>
          <span className={styles.label}>Default Ruthless Choice</span>
          <Controller
            control={control}
            name="ruthlessChoice"
            render={({ field }) => (
              <ShareStealSlider
                id="profile-choice"
                label="Default ruthless choice"
                value={field.value}
                onChange={field.onChange}
                disabled={save.isPending}
                invalid={Boolean(errors.ruthlessChoice)}
              />
            )}
          />
        </div>
        <Button type="submit" size="lg" fullWidth isLoading={save.isPending}>
          Save
        </Button>
      </form>
    </Modal>
  );
}
