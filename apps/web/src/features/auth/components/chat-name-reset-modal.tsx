import { chatNameSchema, type ChatName, type ChatNameInput, type UserSettings } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { toast } from '@/lib/toast';
import { useSaveChatName } from '../api/save-chat-name';
import { messages } from '../messages';
import { FormField } from './form-field';
import styles from './auth.module.css';

const FIELDS = ['alias'];

/**
 * For a player whose chat name the host reset: says so and asks for a new one over the screen
 * they are on (a show goes on underneath), instead of the first-time details form. It stays
 * until a name is saved.
 */
export function ChatNameResetModal({ settings }: { settings: UserSettings }) {
  const save = useSaveChatName(settings);
  const { register, onSubmit, formState } = useSchemaForm<ChatNameInput, ChatName>({
    schema: chatNameSchema,
    fieldOrder: FIELDS,
    submit: async (values) => {
      await save.mutateAsync(values);
      toast.success(messages.chatNameSaved);
    },
    defaultValues: { alias: '' },
  });

  return (
    <Modal title={messages.chatNameResetTitle} variant="form" initialFocus="input" testId="chat-name-reset">
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <p className={styles.lead}>{messages.chatNameReset}</p>
        <FormField
          id="chat-name-reset-alias"
          label="Chat name"
          autoComplete="nickname"
          placeholder="3 to 10 characters"
          invalid={Boolean(formState.errors.alias)}
          {...register('alias')}
        />
        <Button type="submit" size="lg" fullWidth isLoading={save.isPending}>
          Save
        </Button>
      </form>
    </Modal>
  );
}
